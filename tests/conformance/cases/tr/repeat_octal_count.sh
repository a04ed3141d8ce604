echo 'abcdefghijk' | tr 'a-k' '[1*010]2'
