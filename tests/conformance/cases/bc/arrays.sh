echo 'a[1]=5; a[1]++; a[1]; a[2]' | bc
