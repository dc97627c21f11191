/* Stand-ins for the SpliceHack (3.7-based) structures and helpers that
 * calculate_flankers() reads: only the fields it reads. The neighbourhood
 * is a list of monsters on a small grid (../driver.c); the hero is never
 * among them, as she is never in 3.7's g.level.monsters[][] (and
 * SpliceHack checks no isok()). */
#include "../standin.h"

struct monst {
    int mx, my;
    unsigned char m_lev;
    unsigned mtame; /* a pet is also mpeaceful, as in NetHack */
    unsigned mpeaceful : 1, mcanmove : 1, msleeping : 1, mflee : 1,
        mstun : 1;
};
struct g_s { struct monst youmonst; };
extern struct g_s g;
