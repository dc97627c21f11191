/* NerfHack's calculate_flankers() and flank_bonus() (extracted.c, from
 * elunna/NerfHack 5194598f7, src/mon.c) run on neighbourhoods read from
 * stdin, one case a line:
 *
 *   HEROFLAGS ULEVEL ; DEF ; ATT ; OTHER ; OTHER ...
 *
 * where each creature is "DX DY SIDE LEVEL FLAGS" (offsets from the
 * defender, SIDE one of h t p x: hero, pet, peaceful, hostile). The first
 * is the defender (0 0), the second the attacker. For the hero as a
 * creature LEVEL is ignored (ULEVEL is hers). Prints, per case, the to-hit
 * bonus NerfHack's mattacku()/find_roll_to_hit()/mattackm() add:
 * flank_bonus(magr) when calculate_flankers(magr, mdef), else 0
 * (mattacku() asks only when !u.uswallow). */
#include "standin.h"

enum { /* creature FLAGS */
    F_SLEEP = 1, F_PARA = 2, F_FLEE = 4, F_TRAP = 8, F_CONF = 16, F_STUN = 32,
    F_EAT = 64, F_HIDE = 128, F_MIMIC = 256, F_NURSE = 512, F_OUTFLANK = 1024,
    F_STATIONARY = 2048, F_GRUDGE = 4096
    /* 8192 passive, 16384 tail, 32768 unwilling: NerfHack reads none of
     * them (a tail's square holds its worm: m_at() returns the worm) */
};
enum { /* HEROFLAGS */
    H_BLIND = 1, H_HALLU = 2, H_CONF = 4, H_STUN = 8, H_PUNISHED = 16,
    H_FUMBLING = 32, H_WLEGS = 64, H_UNAWARE = 128, H_STATIONARY = 256,
    H_ELBERETH = 512, H_ENGULFED = 1024, H_HIDDEN = 2048, H_DISGUISED = 4096,
    H_NURSEFORM = 8192, H_OUTFLANK = 16384
    /* 32768 paralysed (not Unaware: unconscious() is sleep or fainting),
     * 65536 trapped: read by none of NerfHack's branches for the hero */
};

struct you u;
struct gy_s gy;
int hero_blind_to_mdef, hero_hallu, hero_conf, hero_stun, hero_punished,
    hero_fumbling, hero_wlegs, hero_unaware, hero_elbereth;

#define MAXC 16
static struct monst mons_[MAXC];
static int nmons;

struct monst *
m_at(coordxy x, coordxy y)
{
    for (int i = 0; i < nmons; i++)
        if (mons_[i].mx == x && mons_[i].my == y)
            return &mons_[i];
    return 0;
}

/* mm_aggression(), src/mon.c, as a stand-in: the one clause of it that
 * calculate_flankers() can meet besides the grudges, in this driver's own
 * words (two pets hold no grudge); the species' grudges (purple worm and shrieker,
 * orcs and watchmen, ...) are the case's GRUDGE flag on the flanker. The
 * function is asked only as mm_aggression(mdef, flanker). */
long
mm_aggression(struct monst *magr, struct monst *mdef)
{
    if (magr->mtame && mdef->mtame)
        return 0;
    if (magr == &gy.youmonst || mdef == &gy.youmonst)
        return 0; /* the hero is never asked about here in NetHack */
    return mdef->grudge ? 3 : 0;
}

#include "extracted.c"

static void
set_monst(struct monst *m, int side, int lev, int fl)
{
    memset(m, 0, sizeof *m);
    m->data = &m->form;
    m->form.mmove = (fl & F_STATIONARY) ? 0 : 12;
    m->form.mflags2 = (fl & F_OUTFLANK) ? M2_FLANK : 0;
    m->mnum = (fl & F_NURSE) ? PM_NURSE : 0;
    m->m_lev = (unsigned char) lev;
    m->mtame = side == 't' ? 10 : 0;
    m->mpeaceful = side == 't' || side == 'p';
    m->mcanmove = !(fl & F_PARA);
    m->msleeping = !!(fl & F_SLEEP);
    m->mflee = !!(fl & F_FLEE);
    m->mconf = !!(fl & F_CONF);
    m->mtrapped = !!(fl & F_TRAP);
    m->mstun = !!(fl & F_STUN);
    m->meating = (fl & F_EAT) ? 3 : 0;
    m->mundetected = !!(fl & F_HIDE);
    m->m_ap_type = (fl & F_MIMIC) ? 2 : 0; /* M_AP_OBJECT */
    m->mappearance = (fl & F_MIMIC) ? 1 : 0;
    m->grudge = !!(fl & F_GRUDGE);
}

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
        memset(&gy, 0, sizeof gy);
        nmons = 0;
        u.ux = u.uy = 0; /* off the grid unless the hero is a creature */
        u.ulevel = ulev;
        u.uswallow = !!(hf & H_ENGULFED);
        gy.youmonst.data = &gy.youmonst.form;
        gy.youmonst.form.mmove = (hf & H_STATIONARY) ? 0 : 12;
        gy.youmonst.form.mflags2 = (hf & H_OUTFLANK) ? M2_FLANK : 0;
        gy.youmonst.mnum = (hf & H_NURSEFORM) ? PM_NURSE : 0;
        gy.youmonst.mundetected = !!(hf & H_HIDDEN);  /* u.uundetected */
        gy.youmonst.m_ap_type = (hf & H_DISGUISED) ? 2 : 0; /* U_AP_TYPE */
        hero_blind_to_mdef = !!(hf & H_BLIND);
        hero_hallu = !!(hf & H_HALLU);
        hero_conf = !!(hf & H_CONF);
        hero_stun = !!(hf & H_STUN);
        hero_punished = !!(hf & H_PUNISHED);
        hero_fumbling = !!(hf & H_FUMBLING);
        hero_wlegs = !!(hf & H_WLEGS);
        hero_unaware = !!(hf & H_UNAWARE);
        hero_elbereth = !!(hf & H_ELBERETH);
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
                who[n++] = &gy.youmonst;
            } else {
                struct monst *m = &mons_[nmons++];
                set_monst(m, side, lev, fl);
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
            /* mhitu.c mattacku(): "if (!u.uswallow && calculate_flankers(...))" */
            if (!(mdef == &gy.youmonst && u.uswallow)
                && calculate_flankers(magr, mdef))
                bonus = flank_bonus(magr);
            printf("%d\n", bonus);
        }
        fflush(stdout);
    }
    return 0;
}
