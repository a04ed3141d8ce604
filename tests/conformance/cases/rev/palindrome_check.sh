w=racecar; [ "$(echo $w | rev)" = "$w" ] && echo palindrome
