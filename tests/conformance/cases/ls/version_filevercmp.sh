# GNU filevercmp: suffixes set aside, ~ before the end, dot files first
for n in .hidden1 .hidden10 001 01 1 9 10 ABC a~b a.b.c a01 a1 a1.tar a1.tar.gz a2 a2.txt a10 a10.txt abc file-1.0~ file-1.0~rc1 file-1.0 file-1.0a file-1.0.1 foo.bar1 foo.bar2 foo.bar10 img2.png img10.png img12.png v1.2.3 v1.2.10 v1.10.0 x~ x ; do touch -- "$n"; done
ls -av
ls -v1r | head -5
