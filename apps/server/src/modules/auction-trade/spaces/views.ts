import { AppError } from '../../../platform/errors';
import { toRegistration } from '../auction-views';
import type { SpacesContext } from './context';
import type {
  ManagedAuctionSpace,
  ManagedAuctionSpacePage,
  RegisteredAuctionSpace,
  auctionPageBodySchema,
} from '@portal/contracts/auction-trade';
import type { z } from 'zod';
/** The owner's, the registered companies' and the operator's lists of spaces, and one space. */
export function createSpaceViews(c: SpacesContext) {
  const { repo, callerOf, view, ownSpace } = c;
  return {
    async myPage(userId: number, body: z.output<typeof auctionPageBodySchema>): Promise<ManagedAuctionSpacePage> {
      const caller = await callerOf(userId);
      const { rows, total } = await repo.page({ companyId: caller.companyId }, body.spaceStatus, body.pageNo, body.pageSize);
      return { items: await Promise.all(rows.map((s) => view(s, true))), totalItem: total, pageNo: body.pageNo, pageSize: body.pageSize };
    },

    async myDetail(userId: number, spaceId: number): Promise<ManagedAuctionSpace> {
      const caller = await callerOf(userId);
      return view(await ownSpace(caller.companyId, spaceId), true);
    },

    async registeredPage(userId: number, body: z.output<typeof auctionPageBodySchema>) {
      const caller = await callerOf(userId);
      const { rows, total } = await repo.page({ registeredCompanyId: caller.companyId }, body.spaceStatus, body.pageNo, body.pageSize);
      const regs = await repo.registrationsOfCompany(
        caller.companyId,
        rows.map((r) => r.id),
      );
      const items: RegisteredAuctionSpace[] = await Promise.all(
        rows.map(async (s) => ({
          ...(await view(s, false)),
          myRegistration: toRegistration(regs.find((r) => r.space_id === s.id)!),
        })),
      );
      return { items, totalItem: total, pageNo: body.pageNo, pageSize: body.pageSize };
    },

    async reviewPage(body: z.output<typeof auctionPageBodySchema>): Promise<ManagedAuctionSpacePage> {
      const { rows, total } = await repo.page({ review: true }, body.spaceStatus ?? 1, body.pageNo, body.pageSize);
      return { items: await Promise.all(rows.map((s) => view(s, false))), totalItem: total, pageNo: body.pageNo, pageSize: body.pageSize };
    },

    async reviewDetail(spaceId: number): Promise<ManagedAuctionSpace> {
      const space = await repo.findSpace(spaceId);
      if (!space || space.space_status === 0) throw new AppError('NOT_FOUND');
      return view(space, false);
    },
  };
}
