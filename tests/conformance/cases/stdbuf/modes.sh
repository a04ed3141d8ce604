# check-stderr
stdbuf -oL echo a
stdbuf -o0 -e0 printf 'b\n'
stdbuf --output=1K echo c
stdbuf -i0 cat <<< d
