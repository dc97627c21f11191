/* Hack'EM's calculate_flankers() (extracted.c, from elunna/hackem
 * cebe2f36, src/mhitu.c) run on neighbourhoods read from stdin, one case a
 * line, in the NerfHack driver's format (../nerfhack/peer.c):
 *
 *   HEROFLAGS ULEVEL ; DEF ; ATT ; OTHER ; OTHER ...
 *
 * each creature "DX DY SIDE LEVEL FLAGS". Hack'EM reads of a monster
 * F_SLEEP, F_PARA, F_FLEE, F_TRAP, F_CONF, F_STUN, F_GRUDGE (through
 * mm_aggression()) and its side; of the hero H_BLIND (canseemon()),
 * H_HALLU, H_CONF, H_STUN, H_PUNISHED, H_FUMBLING, H_WLEGS. Prints, per
 * case, the to-hit bonus its callers add (read by hand at cebe2f36):
 *   mattacku() l.863: !u.uswallow && calculate_flankers(mtmp, &youmonst):
 *       (mtmp->m_lev - 4) / 2 + 4, unless using_oprop(ITEM_VIGIL) && !rn2(4)
 *       (no vigilant item here: 3.6.7 has none, and rn2() is not drawn);
 *   find_roll_to_hit() (uhitm.c l.313): (u.ulevel - 4) / 2 + 4;
 *   mattackm() (mhitm.c l.497): (magr->m_lev - 4) / 2 + 4. */
#include "standin.h"

enum { F_SLEEP = 1, F_PARA = 2, F_FLEE = 4, F_TRAP = 8, F_CONF = 16,
       F_STUN = 32, F_GRUDGE = 4096 };
enum { H_BLIND = 1, H_HALLU = 2, H_CONF = 4, H_STUN = 8, H_PUNISHED = 16,
       H_FUMBLING = 32, H_WLEGS = 64, H_ENGULFED = 1024 };

struct you u;
struct monst youmonst;
int hero_blind, hero_hallu, hero_conf, hero_stun, hero_punished,
    hero_fumbling, hero_wlegs;

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

/* mm_aggression(), src/mon.c, as a stand-in: its first clause ("Don't
 * allow pets to fight each other"), then the species' grudges as the
 * case's GRUDGE flag on the flanker (3.6.7's: a purple worm against a
 * shrieker). Asked only as mm_aggression(mdef, flanker); the hero as
 * either gives 0 (her youmonst.data is no species with a grudge here). */
long
mm_aggression(struct monst *magr, struct monst *mdef)
{
    if (magr->mtame && mdef->mtame)
        return 0;
    if (magr == &youmonst || mdef == &youmonst)
        return 0;
    return mdef->grudge ? ALLOW_M : 0;
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
        memset(&youmonst, 0, sizeof youmonst);
        nmons = 0;
        u.ux = u.uy = 0;
        u.ulevel = ulev;
        u.uswallow = !!(hf & H_ENGULFED);
        hero_blind = !!(hf & H_BLIND);
        hero_hallu = !!(hf & H_HALLU);
        hero_conf = !!(hf & H_CONF);
        hero_stun = !!(hf & H_STUN);
        hero_punished = !!(hf & H_PUNISHED);
        hero_fumbling = !!(hf & H_FUMBLING);
        hero_wlegs = !!(hf & H_WLEGS);
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
                who[n++] = &youmonst;
            } else {
                struct monst *m = &mons_[nmons++];
                memset(m, 0, sizeof *m);
                m->m_lev = (unsigned char) lev;
                m->mtame = side == 't' ? 10 : 0;
                m->mpeaceful = side == 't' || side == 'p';
                m->mcanmove = !(fl & F_PARA);
                m->msleeping = !!(fl & F_SLEEP);
                m->mflee = !!(fl & F_FLEE);
                m->mconf = !!(fl & F_CONF);
                m->mtrapped = !!(fl & F_TRAP);
                m->mstun = !!(fl & F_STUN);
                m->grudge = !!(fl & F_GRUDGE);
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

            if (mdef == &youmonst) {
                if (!u.uswallow && calculate_flankers(magr, mdef))
                    bonus = (int) ((magr->m_lev - 4) / 2) + 4;
            } else if (calculate_flankers(magr, mdef)) {
                bonus = (int) (((magr == &youmonst ? u.ulevel : magr->m_lev)
                                - 4) / 2) + 4;
            }
            printf("%d\n", bonus);
        }
        fflush(stdout);
    }
    return 0;
}
