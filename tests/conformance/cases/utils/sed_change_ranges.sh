seq 6 > n
sed '2,4c\gone' n
sed '2,4!c\other' n
sed '/3/c\three' n
sed '$c\last' n
sed '2,4{s/^/x/;2c\first
}' n
