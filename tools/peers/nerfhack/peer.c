/* NerfHack's calculate_flankers() and flank_bonus() (extracted.c, from
 * elunna/NerfHack 5194598f7, src/mon.c) run on neighbourhoods read from
 * stdin by the driver (../driver.c: the line format). Prints, per case,
 * the to-hit bonus NerfHack's mattacku()/find_roll_to_hit()/mattackm()
 * add: flank_bonus(magr) when calculate_flankers(magr, mdef), else 0
 * (mattacku() asks only when !u.uswallow). */
#include "standin.h"

struct gy_s gy;

#define PEER_YOU (&gy.youmonst)
#define PEER_GRUDGE 3
#define PEER_HERO(hf) hero_form(hf)

#include "extracted.c"

/* the hero's form: her speed, M2_FLANK, nurse, hidden, disguised */
static void
hero_form(int hf)
{
    gy.youmonst.data = &gy.youmonst.form;
    gy.youmonst.form.mmove = (hf & H_STATIONARY) ? 0 : 12;
    gy.youmonst.form.mflags2 = (hf & H_OUTFLANK) ? M2_FLANK : 0;
    gy.youmonst.mnum = (hf & H_NURSEFORM) ? PM_NURSE : 0;
    gy.youmonst.mundetected = !!(hf & H_HIDDEN);  /* u.uundetected */
    gy.youmonst.m_ap_type = (hf & H_DISGUISED) ? 2 : 0; /* U_AP_TYPE */
}

static void
peer_monst(struct monst *m, int side, int fl)
{
    (void) side;
    m->data = &m->form;
    m->form.mmove = (fl & F_STATIONARY) ? 0 : 12;
    m->form.mflags2 = (fl & F_OUTFLANK) ? M2_FLANK : 0;
    m->mnum = (fl & F_NURSE) ? PM_NURSE : 0;
    m->mconf = !!(fl & F_CONF);
    m->mtrapped = !!(fl & F_TRAP);
    m->meating = (fl & F_EAT) ? 3 : 0;
    m->mundetected = !!(fl & F_HIDE);
    m->m_ap_type = (fl & F_MIMIC) ? 2 : 0; /* M_AP_OBJECT */
    m->mappearance = (fl & F_MIMIC) ? 1 : 0;
    m->grudge = !!(fl & F_GRUDGE);
}

static int
peer_bonus(struct monst *magr, struct monst *mdef)
{
    /* mhitu.c mattacku(): "if (!u.uswallow && calculate_flankers(...))" */
    if (!(mdef == &gy.youmonst && u.uswallow)
        && calculate_flankers(magr, mdef))
        return flank_bonus(magr);
    return 0;
}

#include "../driver.c"
