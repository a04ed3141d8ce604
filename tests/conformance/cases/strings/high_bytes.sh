printf 'caf\303\251 au lait\0plain\0' | strings
