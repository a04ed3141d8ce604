printf 'a\tb\tc\nd\te\tf\n' | cut -f 2
