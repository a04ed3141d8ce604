printf '12345678' | basenc --z85; echo
printf 'f!$Kwh8WxM' | basenc --z85 -d; echo
