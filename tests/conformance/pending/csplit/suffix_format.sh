seq 1 4 > in
csplit -s -b '%02d.txt' in 3
ls xx*
