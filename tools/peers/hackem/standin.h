/* Stand-ins for the Hack'EM (3.6-based) structures and helpers that
 * calculate_flankers() reads: only the fields it reads. The neighbourhood
 * is a list of monsters on a small grid (../driver.c); the hero is u.ux,
 * u.uy. */
#include "../standin.h"

#define ALLOW_M 0x00040000L /* include/mfndpos.h */

struct monst {
    int mx, my;
    unsigned char m_lev;
    unsigned mtame; /* a pet is also mpeaceful, as in NetHack */
    unsigned mpeaceful : 1, mcanmove : 1, msleeping : 1, mflee : 1,
        mconf : 1, mtrapped : 1, mstun : 1;
    /* Hack'EM's own, which 3.6.7 has not: always 0 here */
    int mstone, msick, mdiseased;
    int grudge; /* stand-in for mm_aggression(mdef, this) beyond pets */
};
extern struct monst youmonst;

/* the hero's states, read through NetHack's macros; Afraid is Hack'EM's
   own, which 3.6.7 has not */
extern int hero_blind, hero_hallu, hero_conf, hero_stun, hero_punished,
    hero_fumbling, hero_wlegs;
#define Hallucination hero_hallu
#define Confusion hero_conf
#define Stunned hero_stun
#define Punished hero_punished
#define Fumbling hero_fumbling
#define Wounded_legs hero_wlegs
#define Afraid 0
#define canseemon(m) (!hero_blind)
