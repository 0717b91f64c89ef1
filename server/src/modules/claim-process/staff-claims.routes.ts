import { Router } from 'express';
import { contractRoute } from '../../http/contract-routes.ts';
import { sendImage } from '../files/served-image.ts';
import type { ClaimProcessService } from './claim-process.service.ts';
import { paging } from '../operator/operator.routes.ts';
import { requireStaff, staffOf } from '../staff/auth/require-staff.ts';

const anyRole = requireStaff();
const advisors = requireStaff({ roles: ['claims_advisor'] });

/** The back office's claim operations (docs/adr/020); the staff gate has found the session. */
export function staffClaimRoutes(process: ClaimProcessService): Router {
  const router = Router();

  router.get('/api/v1/staff/claims', anyRole);
  contractRoute(router, 'get', '/api/v1/staff/claims', async (req, res) => {
    const { page, pageSize } = paging(req.query);
    const { step, productType, submittedFrom, submittedTo, prizeBand, idDocsRequired, q } =
      req.query;
    const { closed, assignedTo, sort, order, after } = req.query;
    res.json(
      await process.queue(
        {
          step,
          productType,
          submittedFrom,
          submittedTo,
          prizeBand,
          idDocsRequired,
          q,
          closed: closed ?? false,
          ...(assignedTo === 'me'
            ? { assignedTo: { staffId: staffOf(res).id } }
            : assignedTo === 'nobody'
              ? { assignedTo: 'nobody' as const }
              : {}),
        },
        { page, pageSize, sort: sort ?? 'waiting', order: order ?? 'asc', after },
      ),
    );
  });

  router.get('/api/v1/staff/claims/:claimHashid', anyRole);
  contractRoute(router, 'get', '/api/v1/staff/claims/{claimHashid}', async (req, res) => {
    res.json(await process.claim(req.params.claimHashid, staffOf(res)));
  });

  router.get('/api/v1/staff/claims/:claimHashid/files/:uuid', anyRole, async (req, res) => {
    const file = await process.file(
      String(req.params.claimHashid),
      String(req.params.uuid),
      staffOf(res),
    );
    await sendImage(res, file, 'staff');
  });

  router.post('/api/v1/staff/claims/:claimHashid/step', advisors);
  contractRoute(router, 'post', '/api/v1/staff/claims/{claimHashid}/step', async (req, res) => {
    res.json(await process.changeStep(req.params.claimHashid, req.body, staffOf(res)));
  });

  router.post(
    '/api/v1/staff/claims/:claimHashid/info-requests',
    requireStaff({ roles: ['claims_advisor', 'customer_care'] }),
  );
  contractRoute(
    router,
    'post',
    '/api/v1/staff/claims/{claimHashid}/info-requests',
    async (req, res) => {
      res
        .status(201)
        .json(
          await process.requestInformation(
            req.params.claimHashid,
            req.body.sectionTypeList,
            staffOf(res),
          ),
        );
    },
  );

  router.put('/api/v1/staff/claims/:claimHashid/assignee', anyRole);
  contractRoute(router, 'put', '/api/v1/staff/claims/{claimHashid}/assignee', async (req, res) => {
    res.json(await process.assign(req.params.claimHashid, staffOf(res).id, staffOf(res)));
  });

  router.delete('/api/v1/staff/claims/:claimHashid/assignee', anyRole);
  contractRoute(
    router,
    'delete',
    '/api/v1/staff/claims/{claimHashid}/assignee',
    async (req, res) => {
      res.json(await process.assign(req.params.claimHashid, null, staffOf(res)));
    },
  );

  router.post('/api/v1/staff/claims/:claimHashid/notes', anyRole);
  contractRoute(router, 'post', '/api/v1/staff/claims/{claimHashid}/notes', async (req, res) => {
    res
      .status(201)
      .json(await process.addNote(req.params.claimHashid, req.body.text, staffOf(res)));
  });

  router.get('/api/v1/staff/ticket-codes/:ticketCode', anyRole);
  contractRoute(router, 'get', '/api/v1/staff/ticket-codes/{ticketCode}', async (req, res) => {
    res.json(await process.findByTicketCode(req.params.ticketCode, staffOf(res)));
  });

  return router;
}
