# check-stderr
mkdir -p d real
printf "hit\n" > real/f
printf "hit\n" > d/own
ln -s ../real d/link
ln -s ../real/f d/flink
grep -r hit d | sort; echo "s=$?"
grep -R hit d | sort; echo "s=$?"
ln -s real rl
grep -r hit rl | sort; echo "s=$?"
