seq 20 > f
head -n 3 f
tail -n 2 f
head f | wc -l
tail -n +18 f
