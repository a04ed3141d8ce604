seq 10 > n
sed -n '3,5p' n
sed -n '0~3p' n
sed -n '2~4p' n
sed -n '/4/,+2p' n
sed -n '5,~4p' n
sed -n '7,3p' n
sed -n '/2/,/[0-9]/p' n
sed '0,/[0-9]/d' n | head -2
sed -n '3!p' n | wc -l
sed -n '2,8!p' n
sed -n '$=' n
