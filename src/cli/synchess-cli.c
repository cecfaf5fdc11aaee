#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include "fen.h"
#include "perft.h"
int main(int argc, char **argv) {
  SynPosition pos; SynFenError err;
  if (!syn_fen_parse(argv[1], SYN_FEN_ORTHODOX, &pos, &err)) { fprintf(stderr, "%s\n", err.message); return 1; }
  printf("%llu\n", (unsigned long long) syn_perft(&pos, atoi(argv[2])));
  return 0;
}
