echo 'aabbcc' | tr -s 'a-c' 'xxx'
