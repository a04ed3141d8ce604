echo limits | bc
