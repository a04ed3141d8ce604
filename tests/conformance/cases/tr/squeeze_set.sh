echo 'aaabbbcccaaa' | tr -s ab
