printf 'a\nb\n--\nc\nd\n' > in
csplit -s in '/--/+1'
cat xx00; echo ==; cat xx01
