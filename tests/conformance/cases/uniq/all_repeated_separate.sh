printf 'a\na\nb\nc\nc\nd\nd\n' | uniq --all-repeated=separate
