printf 'aaX\nbbX\nccY\n' | uniq -s 2
