/* Sil-Q's overwhelming_att_mod() (extracted.c, from sil-quirk/sil-q
 * 7516a49f: src/cmd1.c, with rough_direction() and dir_from_delta() of
 * src/xtra2.c, attacker_at() of src/melee2.c and ddx/ddy of src/tables.c)
 * run on neighbourhoods read from stdin, one case a line:
 *
 *   CROWD ADY ADX ; DY DX PEACEFUL ; DY DX PEACEFUL ...
 *
 * CROWD: the player's crowd fighting ability (0 or 1); ADY ADX: the
 * attacker's offset from the player (any distance: melee or archery);
 * then every other monster (offsets from the player; PEACEFUL 1 for a
 * monster whose race is RF1_PEACEFUL). Prints the modifier, in Sil's
 * points. */
#include "standin.h"

static player_type player;
player_type *p_ptr = &player;
s16b cave_m_idx[MAX_HGT][MAX_WID];
monster_type mon_list[16];
monster_race r_info[2] = { { 0 }, { RF1_PEACEFUL } };

#include "extracted.c"

int
main(void)
{
    char line[2048];
    const int PY = 20, PX = 40;

    while (fgets(line, sizeof line, stdin)) {
        int crowd, ady, adx, n = 1;
        char *p = line, *semi;
        if (sscanf(p, "%d %d %d", &crowd, &ady, &adx) != 3) {
            fprintf(stderr, "bad line: %s", line);
            return 2;
        }
        memset(cave_m_idx, 0, sizeof cave_m_idx);
        memset(mon_list, 0, sizeof mon_list);
        player.py = PY, player.px = PX;
        player.active_ability[S_EVN][EVN_CROWD_FIGHTING] = crowd;
        mon_list[n].fy = PY + ady, mon_list[n].fx = PX + adx;
        mon_list[n].r_idx = 0;
        cave_m_idx[PY + ady][PX + adx] = n++;
        while ((semi = strchr(p, ';')) != 0) {
            int dy, dx, peaceful;
            p = semi + 1;
            if (sscanf(p, "%d %d %d", &dy, &dx, &peaceful) != 3 || n >= 16) {
                fprintf(stderr, "bad monster: %s", line);
                return 2;
            }
            mon_list[n].fy = PY + dy, mon_list[n].fx = PX + dx;
            mon_list[n].r_idx = peaceful ? 1 : 0;
            cave_m_idx[PY + dy][PX + dx] = n++;
        }
        printf("%d\n", overwhelming_att_mod(&mon_list[1]));
        fflush(stdout);
    }
    return 0;
}
