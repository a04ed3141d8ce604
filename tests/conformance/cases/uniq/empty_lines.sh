printf '\n\n\nx\n\n' | uniq -c
