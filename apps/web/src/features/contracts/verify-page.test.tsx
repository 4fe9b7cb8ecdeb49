import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { renderPage } from '../../test/user-centre-page';
import { ContractVerifyPage } from './verify-page';
import { verifyAnswer } from './test-fixtures';

beforeAll(async () => {
  await initI18n('en-US', ['contracts']);
});
afterEach(cleanup);

const VERIFY = '/commtrade/ws/contract/verify';
const pdf = (name = 'contract.pdf', size = 64) => new File([new Uint8Array(size).fill(37)], name, { type: 'application/pdf' });
function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}
const result = () => waitFor(() => screen.getByTestId('verify-result'));

describe('public contract verification', { timeout: 90_000 }, () => {
  it('sends the chosen PDF and shows every signature, that the file is unchanged, and the platform record', async () => {
    const calls = answerCalls({ [VERIFY]: { data: verifyAnswer() } });
    renderPage(<ContractVerifyPage />, '/contractVerify');
    choose(pdf('HT0001.pdf'));
    const shown = await result();
    expect(shown.getAttribute('data-verdict')).toBe('valid');
    const sent = calls.find((c) => c.path === VERIFY)!.body as { data: string };
    expect(atob(sent.data)).toBe('%'.repeat(64));
    expect(shown.textContent).toContain('Verified');
    expect(shown.textContent).toContain('HT0001.pdf');
    expect(shown.textContent).toContain('Unchanged since the last signature');
    const signatures = screen.getAllByTestId('verify-signature');
    expect(signatures.map((s) => s.querySelector('strong')!.textContent)).toEqual([
      'Shaanxi Coal Chemicals',
      'Hebei Steel Trading',
      'Platform seal',
    ]);
    expect(signatures[0]!.textContent).toContain('Signature valid');
    expect(signatures[0]!.textContent).toContain('Certificate issued by the platform');
    expect(signatures[0]!.textContent).toContain('2026-11-25');
    // Each signature appends to the file: an earlier one not covering it all is no change.
    expect(signatures[0]!.textContent).toContain('Signatures were added to the file after this one');
    expect(signatures[2]!.textContent).toContain('Signature covers the whole file');
    const record = screen.getByTestId('verify-record');
    expect(record.textContent).toContain('Matches platform contract HT2026112500000001');
    expect(record.textContent).toContain('Matches the completed contract the platform keeps');
    expect(record.textContent).toContain('2026112500000001');
    expect(record.textContent).toContain('Completed');
    fireEvent.click(screen.getByTestId('verify-again'));
    await waitFor(() => expect(screen.getByTestId('verify-dropzone')).toBeTruthy());
  });

  it('says so when a signature fails or the file changed, and when no platform record matches', async () => {
    const answer = verifyAnswer({ valid: false, unchangedSinceLastSignature: false, match: null });
    answer.signatures[1] = { ...answer.signatures[1]!, valid: false };
    answerCalls({ [VERIFY]: { data: answer } });
    renderPage(<ContractVerifyPage />, '/contractVerify');
    choose(pdf());
    const shown = await result();
    expect(shown.getAttribute('data-verdict')).toBe('invalid');
    expect(shown.textContent).toContain('Not verified');
    expect(shown.textContent).toContain('Changed after the last signature');
    expect(screen.getAllByTestId('verify-signature')[1]!.textContent).toContain('Signature invalid');
    expect(screen.getByTestId('verify-no-record').textContent).toContain('The platform holds no contract matching this file.');
  });

  it('tells an unsigned PDF apart, and refuses what is not a PDF without sending it', async () => {
    const calls = answerCalls({ [VERIFY]: { data: verifyAnswer({ valid: false, signatures: [], match: null }) } });
    renderPage(<ContractVerifyPage />, '/contractVerify');
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(screen.getByTestId('verify-problem').textContent).toBe('Please choose a PDF file'));
    expect(calls).toHaveLength(0);
    choose(pdf());
    const shown = await result();
    expect(shown.getAttribute('data-verdict')).toBe('unsigned');
    expect(shown.textContent).toContain('This PDF holds no electronic signature.');
  });
});
