printf 'echo one\necho two\n' > s.sh
bash < s.sh
