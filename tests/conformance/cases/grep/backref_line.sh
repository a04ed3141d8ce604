printf "abab\nababx\ncc\nc\n" > f
grep -x "\(ab\)\1" f
grep -xE "(.)\1" f
grep -xE "(.)\1*" f
