/** 未登录时的页面：首次设置、用设备令牌登录、配对。 */
export default {
  setup: {
    title: "设置 TavernEdge",
    intro: "此链接会创建这台 TavernEdge 服务器的所有者账户，并把当前浏览器登录为它的第一台设备。",
    warning:
      "每使用一次此链接，就会创建一个<strong>新的、独立的账户</strong>。如果你已在其他设备上设置过 TavernEdge，请不要再创建账户：在那台设备上打开<em>设备 → 添加设备 → 创建配对链接</em>，然后在这里打开它给出的链接。",
    alreadySignedIn: "此浏览器已经登录；现在创建账户会让它退出当前账户。",
    deviceName: "为此设备命名",
    submit: "创建所有者账户",
    busy: "正在创建…",
  },
  signIn: {
    title: "登录",
    token: "设备令牌",
    submit: "登录",
    busy: "正在登录…",
    notAToken: "这不是设备令牌。设备令牌以 tte_ 开头，在创建设备时显示过。",
    unknownDevice: "服务器无法识别此设备。",
    helpPair: "没有令牌？在已登录的设备上打开<strong>设备</strong>，创建配对链接或二维码，然后在这里打开它。",
    helpSetup:
      "首次使用：打开 <code>npm start</code> 输出的设置链接。所有设备都丢失了？运维人员可以通过 <code>POST /api/v1/setup/recover</code> 签发新令牌。",
  },
  pair: {
    title: "配对此设备",
    intro: "一台已登录的设备邀请了这台设备。请起一个你能在设备列表中认出的名称。",
    alreadySignedIn: "此浏览器已经登录；配对会把它作为一台新设备重新登录。",
    deviceName: "设备名称",
    submit: "配对并登录",
    busy: "正在配对…",
  },
};
