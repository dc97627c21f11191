/* SpliceHack's calculate_flankers() (extracted.c, from NullCGT/SpliceHack
 * 8d70ade6, src/mhitu.c) run on neighbourhoods read from stdin, one case a
 * line, in the NerfHack driver's format (../nerfhack/peer.c):
 *
 *   HEROFLAGS ULEVEL ; DEF ; ATT ; OTHER ; OTHER ...
 *
 * each creature "DX DY SIDE LEVEL FLAGS". SpliceHack reads of a monster
 * only F_SLEEP, F_PARA, F_FLEE, F_STUN and its side; of the hero only
 * H_BLIND (Blind, and canseemon()) and H_STUN. Prints, per case, the
 * to-hit bonus its callers add (read by hand at 8d70ade6):
 *   mattacku() l.698:  calculate_flankers(mtmp, &g.youmonst) && !Blind: +4
 *                      (no u.uswallow test);
 *   find_roll_to_hit() (uhitm.c l.329), mattackm() (mhitm.c l.341): +4. */
#include "standin.h"

enum { F_SLEEP = 1, F_PARA = 2, F_FLEE = 4, F_STUN = 32 };
enum { H_BLIND = 1, H_STUN = 8, H_ENGULFED = 1024 };

struct you u;
struct g_s g;
int hero_blind, hero_stun;

#define MAXC 16
static struct monst mons_[MAXC];
static int nmons;

struct monst *
m_at(int x, int y)
{
    for (int i = 0; i < nmons; i++)
        if (mons_[i].mx == x && mons_[i].my == y)
            return &mons_[i];
    return 0;
}

#include "extracted.c"

int
main(void)
{
    char line[4096];
    const int X0 = 40, Y0 = 10;

    while (fgets(line, sizeof line, stdin)) {
        int hf, ulev, n = 0;
        char *p = line, *semi;
        struct monst *who[MAXC];

        if (sscanf(p, "%d %d", &hf, &ulev) != 2) {
            fprintf(stderr, "bad line: %s", line);
            return 2;
        }
        memset(&u, 0, sizeof u);
        memset(&g, 0, sizeof g);
        nmons = 0;
        u.ux = u.uy = 0;
        u.ulevel = ulev;
        u.uswallow = !!(hf & H_ENGULFED);
        hero_blind = !!(hf & H_BLIND);
        hero_stun = !!(hf & H_STUN);
        while ((semi = strchr(p, ';')) != 0) {
            int dx, dy, lev, fl;
            char side;
            p = semi + 1;
            if (sscanf(p, "%d %d %c %d %d", &dx, &dy, &side, &lev, &fl) != 5
                || n >= MAXC) {
                fprintf(stderr, "bad creature: %s", line);
                return 2;
            }
            if (side == 'h') {
                u.ux = X0 + dx, u.uy = Y0 + dy;
                who[n++] = &g.youmonst;
            } else if (side == 'E') {
                /* the hero's engulfer: on her square, in the map */
                struct monst *m = &mons_[nmons++];
                memset(m, 0, sizeof *m);
                m->mcanmove = 1;
                m->m_lev = (unsigned char) lev;
                m->mx = X0 + dx, m->my = Y0 + dy;
                who[n++] = m;
            } else {
                struct monst *m = &mons_[nmons++];
                memset(m, 0, sizeof *m);
                m->m_lev = (unsigned char) lev;
                m->mtame = side == 't' ? 10 : 0;
                m->mpeaceful = side == 't' || side == 'p';
                m->mcanmove = !(fl & F_PARA);
                m->msleeping = !!(fl & F_SLEEP);
                m->mflee = !!(fl & F_FLEE);
                m->mstun = !!(fl & F_STUN);
                m->mx = X0 + dx, m->my = Y0 + dy;
                who[n++] = m;
            }
        }
        if (n < 2) {
            fprintf(stderr, "a case needs a defender and an attacker: %s", line);
            return 2;
        }
        {
            struct monst *mdef = who[0], *magr = who[1];
            int bonus = 0;

            if (mdef == &g.youmonst)
                bonus = (calculate_flankers(magr, mdef) && !Blind) ? 4 : 0;
            else
                bonus = calculate_flankers(magr, mdef) ? 4 : 0;
            printf("%d\n", bonus);
        }
        fflush(stdout);
    }
    return 0;
}
