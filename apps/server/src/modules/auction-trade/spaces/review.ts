import { AppError } from '../../../platform/errors';
import { move, moveFrom } from '../../../platform/transitions';
import { AUCTION_JOBS, AUCTION_ROUTES, type SpacesContext, spaceStateRefusal } from './context';
import {
  type ManagedAuctionSpace,
  type auctionReasonBodySchema,
  type auctionReviewBodySchema,
  auctionSpaceMachine,
  auctionSuspensionMachine,
} from '@portal/contracts/auction-trade';
import type { z } from 'zod';
/** The operator's hand on a space: approval or rejection, suspension and resumption, withdrawal. */
export function createSpaceReview(c: SpacesContext) {
  const { repo, writes, scheduler, policy, now, notify, view, involved, changed, releaseAll, roomLink, published, tellOperatorAction } = c;
  return {
    async review(userId: number, body: z.output<typeof auctionReviewBodySchema>): Promise<ManagedAuctionSpace> {
      const spaceId = Number(body.spaceId);
      return writes.write(
        { actorUserId: userId, action: body.pass ? 'approve' : 'reject', target: `auction:${spaceId}` },
        async (trx, emit) => {
          const space = await repo.findSpace(spaceId, trx);
          if (!space || space.space_status === 0) throw new AppError('NOT_FOUND');
          if (space.space_status !== 1) throw spaceStateRefusal(space.space_status);
          const at = now();
          if (body.pass && new Date(space.end_at) <= at) {
            throw new AppError('AUCTION_BEGIN_TOO_SOON', { minutes: policy.minNoticeMinutes, earliest: at.toISOString() });
          }
          // One review decides: approvals and rejections racing it find the space decided and are refused.
          await move(trx, auctionSpaceMachine, body.pass ? 'approve' : 'reject', spaceId, {
            to: body.pass ? 2 : 3,
            set: { review_remark: body.reviewRemark, updated_at: at.toISOString() },
          });
          const pieces = await repo.pieces(spaceId, trx);
          if (body.pass) {
            await scheduler.schedule(trx, { kind: AUCTION_JOBS.start, key: String(spaceId), runAt: new Date(space.begin_at) });
            for (const p of pieces)
              await scheduler.schedule(trx, { kind: AUCTION_JOBS.close, key: String(p.id), runAt: new Date(p.end_at) });
            await notify(
              trx,
              space.company_id,
              {
                kind: 'auction.approved',
                params: { spaceName: space.space_name, time: space.begin_at },
                link: { route: AUCTION_ROUTES.mine },
              },
              emit,
            );
            if (space.scope === 'invited') {
              for (const companyId of await repo.supplierCompanies(space.user_id, trx)) {
                if (companyId === space.company_id) continue;
                await notify(
                  trx,
                  companyId,
                  {
                    kind: 'auction.invited',
                    params: { spaceName: space.space_name, party: space.space_info_user, time: space.begin_at },
                    link: roomLink(space, '1'),
                  },
                  emit,
                );
              }
            }
          } else {
            await notify(
              trx,
              space.company_id,
              {
                kind: 'auction.rejected',
                params: { spaceName: space.space_name, reason: body.reviewRemark },
                link: { route: AUCTION_ROUTES.mine },
              },
              emit,
            );
          }
          const next = (await repo.findSpace(spaceId, trx))!;
          changed(emit, next, body.pass ? 'approve' : 'reject', [space.company_id]);
          return view(next, false, trx);
        },
      );
    },

    async suspend(userId: number, body: z.output<typeof auctionReasonBodySchema>): Promise<ManagedAuctionSpace> {
      const spaceId = Number(body.spaceId);
      return writes.write({ actorUserId: userId, action: 'suspend', target: `auction:${spaceId}` }, async (trx, emit) => {
        await repo.lockSpace(trx, spaceId);
        const space = await repo.findSpace(spaceId, trx);
        if (!space || space.space_status === 0) throw new AppError('NOT_FOUND');
        if ((space.space_status !== 2 && space.space_status !== 4) || space.suspended === 1) throw spaceStateRefusal(space.space_status);
        const at = now().toISOString();
        await move(trx, auctionSuspensionMachine, 'suspend', spaceId, {
          to: 1,
          set: { suspended_at: at, review_remark: body.reason, updated_at: at },
        });
        const companies = await involved(trx, space);
        await tellOperatorAction(trx, emit, space, companies, 'auction.suspended', body.reason, '2');
        return published(trx, emit, spaceId, 'suspend', companies, false);
      });
    },

    /**
     * Lifts a suspension. Bidding time lost to it is given back: every open piece's end moves by
     * the length of the pause (a close that fell inside it did nothing and is scheduled again).
     */
    async resume(userId: number, body: z.output<typeof auctionReasonBodySchema>): Promise<ManagedAuctionSpace> {
      const spaceId = Number(body.spaceId);
      return writes.write({ actorUserId: userId, action: 'resume', target: `auction:${spaceId}` }, async (trx, emit) => {
        await repo.lockSpace(trx, spaceId);
        const space = await repo.findSpace(spaceId, trx);
        if (!space || space.space_status === 0) throw new AppError('NOT_FOUND');
        if (space.suspended !== 1) throw spaceStateRefusal(space.space_status);
        const at = now();
        // Only bidding time is given back: the part of the pause after the start.
        const pausedFrom = Math.max(new Date(space.suspended_at).getTime(), new Date(space.begin_at).getTime());
        const pauseMs = Math.max(0, at.getTime() - pausedFrom);
        await move(trx, auctionSuspensionMachine, 'resume', spaceId, {
          to: 0,
          set: { suspended_at: '', review_remark: body.reason, updated_at: at.toISOString() },
        });
        for (const p of await repo.pieces(spaceId, trx)) {
          if (p.trade_status !== 0) continue;
          const end = new Date(new Date(p.end_at).getTime() + pauseMs);
          if (pauseMs > 0) await repo.updatePiece(trx, p.id, { end_at: end.toISOString() });
          await scheduler.schedule(trx, { kind: AUCTION_JOBS.close, key: String(p.id), runAt: end });
        }
        const companies = await involved(trx, space);
        await tellOperatorAction(trx, emit, space, companies, 'auction.resumed', body.reason, '1');
        return published(trx, emit, spaceId, 'resume', companies, false);
      });
    },

    /**
     * An operator ends a suspended space for cause (status 5): no result, its jobs cancelled,
     * every registration deposit released, the owner and the registered companies told why.
     */
    async adminWithdraw(userId: number, body: z.output<typeof auctionReasonBodySchema>): Promise<ManagedAuctionSpace> {
      const spaceId = Number(body.spaceId);
      return writes.write({ actorUserId: userId, action: 'adminWithdraw', target: `auction:${spaceId}` }, async (trx, emit) => {
        await repo.lockSpace(trx, spaceId);
        const space = await repo.findSpace(spaceId, trx);
        if (!space || space.space_status === 0) throw new AppError('NOT_FOUND');
        if (space.suspended !== 1 || ![2, 4].includes(space.space_status)) throw spaceStateRefusal(space.space_status);
        const at = now().toISOString();
        await moveFrom(trx, auctionSpaceMachine, 'adminWithdraw', space, {
          to: 5,
          set: { review_remark: body.reason, updated_at: at },
        });
        await move(trx, auctionSuspensionMachine, 'lift', spaceId, { to: 0 });
        await scheduler.cancel(trx, AUCTION_JOBS.start, String(spaceId));
        for (const p of await repo.pieces(spaceId, trx)) await scheduler.cancel(trx, AUCTION_JOBS.close, String(p.id));
        const companies = await involved(trx, space);
        await releaseAll(trx, space, userId, emit);
        await tellOperatorAction(trx, emit, space, companies, 'auction.cancelled', body.reason, '2');
        return published(trx, emit, spaceId, 'adminWithdraw', companies, false);
      });
    },

    /**
     * Registers the caller's company: open spaces take any company, invited ones the owner's
     * supplier list (others get 404, as for a record they may not see). The deposit is frozen and
     * the alias given in the same transaction; registering again answers the same registration.
     */
  };
}
