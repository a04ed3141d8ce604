printf 'echo sh script $1\n' > s.sh
sh s.sh A
