seq 1 6 > in
csplit in 3
ls; cat xx00; echo --; cat xx01
