# check-stderr
printf 'echo a\nnosuch_zz\n' > s.sh
bash s.sh
