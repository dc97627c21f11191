/* Stand-ins for the NerfHack (3.7-based) structures and helpers that
 * calculate_flankers() and flank_bonus() read: only the fields they read.
 * The neighbourhood is a list of creatures on a small grid (../driver.c). */
#include "../standin.h"

typedef int coordxy;
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define M2_FLANK 0x00008000L
#define PM_NURSE 1 /* any index: only compared with mnum */

struct permonst {
    int mmove;    /* speed: 0 is "stationary" */
    long mflags2; /* M2_FLANK */
};
struct monst {
    struct permonst *data;
    short mnum;
    coordxy mx, my;
    unsigned char m_lev;
    unsigned mtame;   /* a pet is also mpeaceful, as in NetHack */
    unsigned mpeaceful : 1, mcanmove : 1, msleeping : 1, mflee : 1,
        mconf : 1, mtrapped : 1, mstun : 1, meating, mundetected : 1;
    int m_ap_type, mappearance;
    int grudge; /* stand-in for mm_aggression(mdef, this) beyond pets */
    struct permonst form;
};
struct gy_s { struct monst youmonst; };
extern struct gy_s gy;

#define sengr_at(s, x, y, strict) (hero_elbereth && (x) == u.ux && (y) == u.uy)
#define is_outflanker(ptr) (((ptr)->mflags2 & M2_FLANK) != 0)
