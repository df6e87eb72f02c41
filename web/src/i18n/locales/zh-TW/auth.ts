/** 未登入時的頁面：首次設定、用裝置權杖登入、配對。 */
export default {
  setup: {
    title: "設定 TavernEdge",
    intro: "此連結會建立這台 TavernEdge 伺服器的所有者帳戶，並把目前瀏覽器登入為它的第一台裝置。",
    warning:
      "每使用一次此連結，就會建立一個<strong>新的、獨立的帳戶</strong>。如果你已在其他裝置上設定過 TavernEdge，請不要再建立帳戶：在那台裝置上開啟<em>裝置 → 新增裝置 → 建立配對連結</em>，然後在這裡開啟它給出的連結。",
    alreadySignedIn: "此瀏覽器已經登入；現在建立帳戶會讓它退出目前帳戶。",
    deviceName: "為此裝置命名",
    submit: "建立所有者帳戶",
    busy: "正在建立…",
  },
  signIn: {
    title: "登入",
    token: "裝置權杖",
    submit: "登入",
    busy: "正在登入…",
    notAToken: "這不是裝置權杖。裝置權杖以 tte_ 開頭，在建立裝置時顯示過。",
    unknownDevice: "伺服器無法識別此裝置。",
    helpPair: "沒有權杖？在已登入的裝置上開啟<strong>裝置</strong>，建立配對連結或 QR Code，然後在這裡開啟它。",
    helpSetup:
      "首次使用：開啟 <code>npm start</code> 輸出的設定連結。所有裝置都遺失了？維運人員可以透過 <code>POST /api/v1/setup/recover</code> 簽發新權杖。",
  },
  pair: {
    title: "配對此裝置",
    intro: "一台已登入的裝置邀請了這台裝置。請起一個你能在裝置清單中認出的名稱。",
    alreadySignedIn: "此瀏覽器已經登入；配對會把它作為一台新裝置重新登入。",
    deviceName: "裝置名稱",
    submit: "配對並登入",
    busy: "正在配對…",
  },
};
