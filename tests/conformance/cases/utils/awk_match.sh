# match sets RSTART and RLENGTH; dynamic regexes from strings.
awk 'BEGIN {
  print match("foobar", /o+/), RSTART, RLENGTH
  print match("foobar", "z"), RSTART, RLENGTH
  re = "^[0-9]+$"
  print ("123" ~ re), ("12a" ~ re), ("abc" ~ "b"), ("abc" !~ /^b/)
}'
