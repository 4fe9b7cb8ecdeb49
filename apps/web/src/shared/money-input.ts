// Amounts typed by a person are read into cents by the one rule the server shares.
export { centsOf } from '@portal/contracts/quantity';
