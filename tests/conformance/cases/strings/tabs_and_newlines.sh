printf 'tab\there\0line\nbreak\0' | strings
