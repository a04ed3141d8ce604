# GNU filevercmp (sort -V): suffixes set aside, ~ before the end, dot files first
printf '%s\n' .hidden1 .hidden10 001 01 1 9 10 ABC a~b a.b.c a01 a1 a1.tar a1.tar.gz a2 a2.txt a10 a10.txt abc file-1.0~ file-1.0~rc1 file-1.0 file-1.0a file-1.0.1 foo.bar1 foo.bar2 foo.bar10 img2.png img10.png img12.png v1.2.3 v1.2.10 v1.10.0 x~ x  | sort -V
printf '%s\n' 1.10 1.9 1.9.1 1.9a 1.9~b '' . .. | sort -V
printf 'x 1.10\ny 1.9\n' | sort -k2V
