printf 'a\nb\n--\nc\nd\n' > in
csplit in '/--/'
cat xx00; echo ==; cat xx01
