printf "racecar\nlevel\nabba\nabcd\nnoon\n" > words
grep -xE "(.)(.)(.).\3\2\1|(.)(.)\5\4|(.)(.).\7\6" words
