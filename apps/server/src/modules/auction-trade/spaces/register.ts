import { AppError } from '../../../platform/errors';
import { create } from '../../../platform/transitions';
import { toRegistration } from '../auction-views';
import { type SpacesContext, registrationReference } from './context';
import { type AuctionRegistration, auctionRegistrationMachine } from '@portal/contracts/auction-trade';
/** A company's registration for a space, freezing its deposit. */
export function createSpaceRegistration(c: SpacesContext) {
  const { repo, writes, deposits, now, notify, callerOf, changed, roomLink } = c;
  return {
    async register(userId: number, spaceId: number): Promise<AuctionRegistration> {
      const caller = await callerOf(userId);
      const space = await repo.findSpace(spaceId);
      if (!space || ![2, 4].includes(space.space_status)) throw new AppError('NOT_FOUND');
      if (
        space.scope === 'invited' &&
        space.company_id !== caller.companyId &&
        !(await repo.onSupplierList(space.user_id, caller.companyId))
      ) {
        throw new AppError('NOT_FOUND');
      }
      if (space.company_id === caller.companyId) throw new AppError('AUCTION_OWN_SPACE');
      const earlier = await repo.registration(spaceId, caller.companyId);
      if (earlier) return toRegistration(earlier);
      return writes.write({ actorUserId: userId, action: 'register', target: `auction:${spaceId}` }, async (trx, emit) => {
        const aliasNo = await repo.nextAliasNo(trx, spaceId);
        const locked = (await repo.findSpace(spaceId, trx))!;
        const again = await repo.registration(spaceId, caller.companyId, trx);
        if (again) throw new AppError('CONFLICT');
        const at = now().toISOString();
        const deadline = locked.registration_end_at || locked.begin_at;
        if (![2, 4].includes(locked.space_status) || at >= deadline || locked.suspended === 1) {
          throw new AppError('AUCTION_REGISTRATION_CLOSED', { deadline });
        }
        const reg = await create(trx, auctionRegistrationMachine, 'register', 'frozen', {
          space_id: spaceId,
          company_id: caller.companyId,
          user_id: userId,
          alias_no: aliasNo,
          deposit: Number(locked.deposit),
          currency: locked.currency,
          created_at: at,
          updated_at: at,
        });
        if (Number(locked.deposit) > 0) {
          await deposits.freeze(
            trx,
            {
              companyId: caller.companyId,
              currency: locked.currency,
              amount: Number(locked.deposit),
              reference: registrationReference(reg.id),
              actorUserId: userId,
            },
            emit,
          );
        }
        await notify(
          trx,
          caller.companyId,
          { kind: 'auction.registered', params: { spaceName: locked.space_name, aliasNo }, link: roomLink(locked, '1') },
          emit,
        );
        changed(emit, locked, 'register', [caller.companyId, locked.company_id]);
        return toRegistration(reg);
      });
    },
  };
}
