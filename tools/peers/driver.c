/* The driver of the three NetHack peers (nerfhack/, splicehack/, hackem/):
 * runs the peer's own functions (extracted.c) on neighbourhoods read from
 * stdin, one case a line:
 *
 *   HEROFLAGS ULEVEL ; DEF ; ATT ; OTHER ; OTHER ...
 *
 * where each creature is "DX DY SIDE LEVEL FLAGS" (offsets from the
 * defender, SIDE one of h t p x: hero, pet, peaceful, hostile; E, the
 * hero's engulfer, for SpliceHack). The first is the defender (0 0), the
 * second the attacker. For the hero as a creature LEVEL is ignored
 * (ULEVEL is hers). FLAGS and HEROFLAGS are ../standin.h's F_* and H_*.
 * Prints, per case, peer_bonus(attacker, defender).
 *
 * The driver sets u, the hero's states (../standin.h) and what every
 * peer's struct monst has (m_lev, mtame, mpeaceful, mcanmove, msleeping,
 * mflee, mstun). The peer's peer.c includes this last, after extracted.c,
 * having defined:
 *   PEER_YOU            the hero as a creature (&gy.youmonst, ...)
 *   peer_monst(m, side, fl)
 *                       the rest of a monster of SIDE with FLAGS
 *   peer_bonus(magr, mdef)
 *                       the to-hit bonus the peer's callers add
 *   PEER_HERO(hf)       (if its hero has a form) the rest of *PEER_YOU
 *   PEER_GRUDGE         (if its functions ask mm_aggression()) what the
 *                       stand-in returns for a grudge
 */

struct you u;
int hero_blind, hero_hallu, hero_conf, hero_stun, hero_punished,
    hero_fumbling, hero_wlegs, hero_unaware, hero_elbereth;

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

#ifdef PEER_GRUDGE
/* mm_aggression(), src/mon.c, as a stand-in: its clause that pets hold no
 * grudge against each other ("Don't allow pets to fight each other", 3.7's
 * and Hack'EM's), then the species' grudges (3.6.7's purple worm and
 * shrieker, 3.7's orcs and watchmen, ...) as the case's F_GRUDGE on the
 * flanker. Asked only as mm_aggression(mdef, flanker); the hero as either
 * gives 0 (the game never asks it of her here). */
long
mm_aggression(struct monst *magr, struct monst *mdef)
{
    if (magr->mtame && mdef->mtame)
        return 0;
    if (magr == PEER_YOU || mdef == PEER_YOU)
        return 0;
    return mdef->grudge ? PEER_GRUDGE : 0;
}
#endif

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
        memset(PEER_YOU, 0, sizeof *PEER_YOU);
        nmons = 0;
        u.ux = u.uy = 0; /* off the grid unless the hero is a creature */
        u.ulevel = ulev;
        u.uswallow = !!(hf & H_ENGULFED);
        hero_blind = !!(hf & H_BLIND);
        hero_hallu = !!(hf & H_HALLU);
        hero_conf = !!(hf & H_CONF);
        hero_stun = !!(hf & H_STUN);
        hero_punished = !!(hf & H_PUNISHED);
        hero_fumbling = !!(hf & H_FUMBLING);
        hero_wlegs = !!(hf & H_WLEGS);
        hero_unaware = !!(hf & H_UNAWARE);
        hero_elbereth = !!(hf & H_ELBERETH);
#ifdef PEER_HERO
        PEER_HERO(hf);
#endif
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
                who[n++] = PEER_YOU;
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
                peer_monst(m, side, fl);
                m->mx = X0 + dx, m->my = Y0 + dy;
                who[n++] = m;
            }
        }
        if (n < 2) {
            fprintf(stderr, "a case needs a defender and an attacker: %s", line);
            return 2;
        }
        printf("%d\n", peer_bonus(who[1], who[0]));
        fflush(stdout);
    }
    return 0;
}
