seq 1 10 > in
csplit in '/5/-2' '%8%' '/9/'; cat xx00; echo ==; cat xx01
