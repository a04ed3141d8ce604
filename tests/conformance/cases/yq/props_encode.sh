# from mikefarah/yq docs: usage/properties "Encode properties: no comments" (the sample without its comments)
printf 'person:\n    name: Mike Wazowski\n    pets:\n    - cat\n    - nested:\n        - list entry\n    food: [pizza]\nemptyArray: []\nemptyMap: []\n' > sample.yml
yq -o=props sample.yml
