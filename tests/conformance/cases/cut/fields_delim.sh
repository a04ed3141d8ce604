printf 'a:b:c\nd:e:f\n' | cut -d : -f 1,3
