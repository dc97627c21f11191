/* Stand-ins for the Sil-Q structures that overwhelming_att_mod(),
 * rough_direction(), dir_from_delta() and attacker_at() read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef int bool;
typedef short s16b;
typedef unsigned int u32b;
#define TRUE 1
#define FALSE 0
#define ABS(a) (((a) < 0) ? (-(a)) : (a))
#define RF1_PEACEFUL 0x00000001L /* the bit's value is no matter here */
#define S_EVN 0
#define EVN_CROWD_FIGHTING 0
#define MAX_HGT 40
#define MAX_WID 80
typedef struct { int fy, fx; int r_idx; } monster_type;
typedef struct { u32b flags1; } monster_race;
typedef struct { int py, px; bool active_ability[1][1]; } player_type;
extern player_type *p_ptr;
extern s16b cave_m_idx[MAX_HGT][MAX_WID];
extern monster_type mon_list[16];
extern monster_race r_info[2]; /* 0: not peaceful, 1: RF1_PEACEFUL */
