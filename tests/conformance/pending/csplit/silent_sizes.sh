seq 1 6 > in
csplit in 3 5
