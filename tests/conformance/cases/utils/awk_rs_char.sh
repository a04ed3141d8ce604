# A one-character RS.
printf 'a;b;c;' | awk 'BEGIN { RS = ";" } { print NR, $0 }'
printf 'one,two' | awk -v RS=, '{ print toupper($0) }'
