import { requirePrincipal } from '../../platform/auth/access-guard';
import type { AppDeps } from '../../platform/deps';
import { contentDisposition } from '../../platform/files/file-name';
import type { RestRoute } from '../../platform/http/rest';
import { PersonalDataService } from './personal-data.service';

/** GET /api/my/personal-data: the donor's own data as a JSON file (the readable page's object). */
export function personalDataRoutes(deps: AppDeps): RestRoute[] {
  return [
    {
      method: 'GET',
      url: '/my/personal-data',
      access: { donor: true },
      async handler(request, reply) {
        const principal = requirePrincipal(await request.authenticate());
        const data = await new PersonalDataService(request.em, deps, {
          ip: request.ip,
          requestId: request.id,
        }).exportFor(principal, 'json');
        const day = data.exportedAt.toISOString().slice(0, 10);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', contentDisposition(`namjai-personal-data-${day}.json`))
          .header('cache-control', 'private, no-store')
          .send(JSON.stringify(data, null, 2));
      },
    },
  ];
}
