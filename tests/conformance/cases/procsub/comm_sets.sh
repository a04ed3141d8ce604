comm -12 <(printf 'a\nb\nc\n') <(printf 'b\nc\nd\n')
