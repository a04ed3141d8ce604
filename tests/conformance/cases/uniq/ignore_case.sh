printf 'Apple\napple\nAPPLE\nbanana\n' | uniq -i -c
