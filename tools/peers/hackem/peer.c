/* Hack'EM's calculate_flankers() (extracted.c, from elunna/hackem
 * cebe2f36, src/mhitu.c) run on neighbourhoods read from stdin by the
 * driver (../driver.c: the line format). Hack'EM reads of a monster
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

struct monst youmonst;

#define PEER_YOU (&youmonst)
#define PEER_GRUDGE ALLOW_M

#include "extracted.c"

static void
peer_monst(struct monst *m, int side, int fl)
{
    (void) side;
    m->mconf = !!(fl & F_CONF);
    m->mtrapped = !!(fl & F_TRAP);
    m->grudge = !!(fl & F_GRUDGE);
}

static int
peer_bonus(struct monst *magr, struct monst *mdef)
{
    if (mdef == &youmonst) {
        if (!u.uswallow && calculate_flankers(magr, mdef))
            return (int) ((magr->m_lev - 4) / 2) + 4;
    } else if (calculate_flankers(magr, mdef)) {
        return (int) (((magr == &youmonst ? u.ulevel : magr->m_lev) - 4) / 2)
               + 4;
    }
    return 0;
}

#include "../driver.c"
