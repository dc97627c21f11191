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

/* Hack'EM's own, which 3.6.7 has not */
#define Afraid 0
